"""The ids Mintlify gives headings and components, checked against the ids real Mintlify
repositories link to.

Each row is (repository, the heading as its authors wrote it, the id their own `#fragment`
links use for it). The repositories are public Mintlify docs projects; only the heading text
and the id are kept here. Where repositories disagree (links written for older Mintlify
versions: `--` for `&`, `crawlstarted` for `crawl.started`, `players` for `player's`), the
rule is the one Mintlify documents today ("Automatic anchor IDs" in its own docs) and the
newer repositories follow; those older links stay warnings.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.markdown.links import fragment_found
from sitegen.markdown.slugs import PageIds, field_id, heading_slug, title_slug
from sitegen.pipeline import build_site

from mdx_support import render_file

CONFIG = {"name": "T", "navigation": [{"group": "G", "pages": ["page", "other"]}]}

HEADINGS: list[tuple[str, str, str]] = [
    # Periods become hyphens, runs of separators one hyphen (`1 - Deploy`, `3. VAD`).
    ("0xsequence+docs", "1. Register a Webhook Listener", "1-register-a-webhook-listener"),
    ("0xsequence+docs", "1 - Deploy NanoUniversalDeployer", "1-deploy-nanouniversaldeployer"),
    ("0xsequence+docs", "2 - Deploy UniversalDeployer2", "2-deploy-universaldeployer2"),
    ("0xsequence+docs", "2. Create Collection from a cURL Request", "2-create-collection-from-a-curl-request"),
    ("0xsequence+docs", "**Control Session Validation**", "control-session-validation"),
    ("0xsequence+docs", "2. Deploy, Sponsor and Update Metadata for an ERC1155 Contract with Sequence Builder",
     "2-deploy-sponsor-and-update-metadata-for-an-erc1155-contract-with-sequence-builder"),
    ("mintlify+docs", "Sitemaps and robots.txt files", "sitemaps-and-robots-txt-files"),
    ("pipecat-ai+docs", "Configuration File (pcc-deploy.toml)", "configuration-file-pcc-deploy-toml"),
    ("pipecat-ai+docs", "Create `datadog.yaml`", "create-datadog-yaml"),
    ("pipecat-ai+docs", "Create `pre-app.sh`", "create-pre-app-sh"),
    ("pipecat-ai+docs", "3. VAD & Turn Analyzer Configuration", "3-vad-&-turn-analyzer-configuration"),
    ("issue 24 (lead's sample)", "Records on `session.out`", "records-on-session-out"),
    ("issue 24 (lead's sample)", "chat.agent()", "chat-agent"),
    # Parentheses go; a call's parentheses too.
    ("0xsequence+trails-docs", "OIF (Open Intents Framework)", "oif-open-intents-framework"),
    ("0xsequence+trails-docs", "Source selection (optional)", "source-selection-optional"),
    ("firecrawl+firecrawl-docs", "Zero Data Retention (ZDR)", "zero-data-retention-zdr"),
    ("firecrawl+firecrawl-docs", "Keyless (no API key)", "keyless-no-api-key"),
    ("livepeer+docs", "Livepeer Token (LPT)", "livepeer-token-lpt"),
    ("livepeer+docs", "Set Max Price Per Pipeline and Model (Optional)", "set-max-price-per-pipeline-and-model-optional"),
    ("mintlify+docs", "Model Context Protocol (MCP)", "model-context-protocol-mcp"),
    ("pipecat-ai+docs", "Realtime (Speech-to-Speech) Services", "realtime-speech-to-speech-services"),
    ("pipecat-ai+docs", "startBot()", "startbot"),
    ("pipecat-ai+docs", "enableMic(enable: boolean)", "enablemic-enable-boolean"),
    # Colons, commas and question marks go.
    ("langgenius+dify-docs", "Step 1: Build the Retrieval API", "step-1-build-the-retrieval-api"),
    ("langgenius+dify-docs", "Step A5: Migrate the Schema", "step-a5-migrate-the-schema"),
    ("langgenius+dify-docs", "A Pause Is Success, Not an Error", "a-pause-is-success-not-an-error"),
    ("mintlify+docs", "Tier 1: Standard support (included)", "tier-1-standard-support-included"),
    ("mintlify+docs", "Search, SEO, and AI indexing", "search-seo-and-ai-indexing"),
    ("pipecat-ai+docs", "HecttorAudioProcessor: per-consumer blends", "hecttoraudioprocessor-per-consumer-blends"),
    ("pipecat-ai+docs", "Judging with `judge:`", "judging-with-judge"),
    ("pipecat-ai+docs", "System Instruction, Developer Messages, and System Messages",
     "system-instruction-developer-messages-and-system-messages"),
    ("Abstract-Foundation+abstract-docs", "What is a Layer 2?", "what-is-a-layer-2"),
    ("Abstract-Foundation+abstract-docs", "What is the ZK Stack?", "what-is-the-zk-stack"),
    # Code spans give their text; capitals inside a word are lowercased, not split.
    ("mintlify+docs", "`AssistantAnalyticsConfig`", "assistantanalyticsconfig"),
    ("mintlify+docs", "`mint broken-links`", "mint-broken-links"),
    ("pipecat-ai+docs", "Advanced: Defining Tools with `FunctionSchema`", "advanced-defining-tools-with-functionschema"),
    ("firecrawl+firecrawl-docs", "Setting the content formats on response with `formats`",
     "setting-the-content-formats-on-response-with-formats"),
    ("langgenius+dify-docs", "`retrieval_setting`", "retrieval_setting"),
    # Slashes, ampersands, `@`, `$` and underscores stay.
    ("pipecat-ai+docs", "Processor Pause/Resume (Urgent)", "processor-pause/resume-urgent"),
    ("pipecat-ai+docs", "Processor Pause/Resume", "processor-pause/resume"),
    ("pipecat-ai+docs", "Per-Tool Options with `@tool_options`", "per-tool-options-with-@tool_options"),
    ("pipecat-ai+docs", "@tool", "@tool"),
    ("pipecat-ai+docs", "Scheduling with `send_after:`", "scheduling-with-send_after"),
    ("mintlify+docs", "Split configuration with `$ref`", "split-configuration-with-$ref"),
    # Emoji and every script's letters (and a CJK heading's own punctuation) stay; dashes join.
    ("pipecat-ai+docs", "error 🤖", "error-🤖"),
    ("pipecat-ai+docs", "bot-llm-search-response 🤖", "bot-llm-search-response-🤖"),
    ("mintlify+docs", "Menús", "menús"),
    ("mintlify+docs", "菜单", "菜单"),
    ("langgenius+dify-docs", "Step 1: 検索 API の構築", "step-1-検索-api-の構築"),
    ("langgenius+dify-docs", "Step 2: 注册外部知识库 API", "step-2-注册外部知识库-api"),
    ("langgenius+dify-docs", "4. ツールコードの記述", "4-ツールコードの記述"),
    ("langgenius+dify-docs", "方法 1：対象マシン上でサインイン", "方法-1：対象マシン上でサインイン"),
    ("langgenius+dify-docs", "暂停意味着成功，而非错误", "暂停意味着成功，而非错误"),
    ("langgenius+dify-docs", "入力フィールドの非表示・事前入力", "入力フィールドの非表示・事前入力"),
    ("langgenius+dify-docs", "事前アップロードかインラインリモート URL か", "事前アップロードかインラインリモート-url-か"),
    ("0xsequence+trails-docs", "`swap` — on-chain token swap", "swap-on-chain-token-swap"),
    ("0xsequence+trails-docs", "`custom` — arbitrary contract call (escape hatch)", "custom-arbitrary-contract-call-escape-hatch"),
    # Components inside a heading give their text content; an icon gives none.
    ("langgenius+dify-docs", 'Switch Your Workspace <Badge color="blue">Cloud</Badge>', "switch-your-workspace-cloud"),
    ("langgenius+dify-docs", 'ワークスペースの切り替え <Badge color="blue">Cloud</Badge>', "ワークスペースの切り替え-cloud"),
    ("langgenius+dify-docs", '切换工作空间 <Badge color="blue">Cloud</Badge>', "切换工作空间-cloud"),
    ("Unstructured-IO+docs", '<Icon icon="desktop" />    Unstructured UI quickstart', "unstructured-ui-quickstart"),
    # Plain headings.
    ("ActianCorp+vectorai-db-docs", "Cosine similarity", "cosine-similarity"),
    ("agno-agi+agno-docs", "Build ECR Images with Github Releases", "build-ecr-images-with-github-releases"),
    ("browserbase+docs", "Dealing with OAuth and Session-based authentication flows",
     "dealing-with-oauth-and-session-based-authentication-flows"),
    ("AdeboyeDN+langtrace-docs", "Azure AD OAuth", "azure-ad-oauth"),
    ("livepeer+docs", "Configuring OBS for Low Latency", "configuring-obs-for-low-latency"),
    ("Unstructured-IO+docs", "Adding CPUs", "adding-cpus"),
]

# Mintlify's own examples ("Automatic anchor IDs"): the apostrophe rule has no real link
# in the corpus that agrees on it, so it is taken from there.
DOCUMENTED = [
    ("Getting started", "getting-started"),
    ("Config.json options", "config-json-options"),
    ("What's new", "what’s-new"),
    ("Rate limits (per minute)", "rate-limits-per-minute"),
    ("Read/write access", "read/write-access"),
    ("Fees & billing", "fees-&-billing"),
    ("OAuth", "oauth"),
]


def _ids_in_order(html: str, tag: str = "h2") -> list[str]:
    return re.findall(rf'<{tag} id="([^"]*)"', html)


def test_every_heading_gets_the_id_its_authors_link_to(make_project: Callable[..., Path]) -> None:
    body = "".join(f"## {heading}\n\n" for _, heading, _ in HEADINGS)
    project = make_project(CONFIG, {"page.mdx": body, "other.mdx": "# Other\n"})
    result = render_file(project, "page.mdx")
    made = [id_.replace("&amp;", "&") for id_ in _ids_in_order(result.html)]
    mismatched = [(repo, heading, want, got) for (repo, heading, want), got in zip(HEADINGS, made, strict=True)
                  if want != got]
    assert mismatched == []
    assert len(HEADINGS) >= 60 and len({want for _, _, want in HEADINGS}) == len(HEADINGS)
    # The table of contents links to the same ids.
    assert [entry.id for entry in result.toc] == [want for _, _, want in HEADINGS]


@pytest.mark.parametrize(("heading", "want"), DOCUMENTED)
def test_mintlify_documented_examples(heading: str, want: str) -> None:
    assert heading_slug(heading) == want


def test_duplicates_are_numbered_from_2_across_the_page(make_project: Callable[..., Path]) -> None:
    # pipecat-ai+docs links the second, third and fourth "Settings" of one page as #settings-2…-4;
    # Mintlify counts headings inside components too.
    body = ("### Settings\n\n#### With Custom Settings\n\n### Settings\n\n<Tabs>\n<Tab title=\"A\">\n\n"
            "### Settings\n\n</Tab>\n</Tabs>\n\n### Settings\n")
    project = make_project(CONFIG, {"page.mdx": body, "other.mdx": "# Other\n"})
    html = render_file(project, "page.mdx", components=None).html
    assert re.findall(r'<h[34] id="([^"]*)"', html) == [
        "settings", "with-custom-settings", "settings-2", "settings-3", "settings-4"]


def test_a_custom_heading_id_replaces_the_generated_one(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {"page.mdx": "## My section {#my-custom-anchor}\n\n## My section\n",
                                    "other.mdx": "# Other\n"})
    result = render_file(project, "page.mdx")
    assert '<h2 id="my-custom-anchor">My section <a class="header-anchor" href="#my-custom-anchor"' in result.html
    assert _ids_in_order(result.html) == ["my-custom-anchor", "my-section"]
    assert result.warnings == []
    project = make_project(CONFIG, {"page.md": "## Plain Markdown {#plain}\n", "other.mdx": "# Other\n"}, name="md")
    assert '<h2 id="plain">Plain Markdown <a class="header-anchor" href="#plain"' in render_file(project, "page.md").html


def test_page_ids_number_headings_and_keep_other_ids_unique() -> None:
    ids = PageIds()
    assert [ids.heading("Install"), ids.heading("Install"), ids.exact("install-3"), ids.heading("Install")] == [
        "install", "install-2", "install-3", "install-4"]
    assert ids.exact("param-name") == "param-name" and ids.exact("param-name") == "param-name-2"
    assert ids.heading("()") == "section"  # nothing left of the text: an id all the same


# (repository, the field as written, the id its authors link to)
FIELDS = [
    ("pipecat-ai+docs", ("onError", []), "param-on-error"),
    ("pipecat-ai+docs", ("--max-session-duration", []), "param-max-session-duration"),
    ("mintlify+docs", ("thumbnails.background", []), "param-thumbnails-background"),
]


@pytest.mark.parametrize(("repo", "field", "want"), FIELDS)
def test_field_ids(repo: str, field: tuple[str, list[str]], want: str) -> None:
    name, parents = field
    assert field_id(name, parents) == want


def test_fields_accordions_steps_tabs_and_updates_carry_ids(make_project: Callable[..., Path]) -> None:
    body = (
        '<ParamField path="onError" type="string">Called on errors.</ParamField>\n\n'
        '<ResponseField name="user" type="object">\n  <Expandable title="properties">\n'
        '    <ResponseField name="firstName" type="string">Given name.</ResponseField>\n'
        "  </Expandable>\n</ResponseField>\n\n"
        '<AccordionGroup>\n<Accordion title="Can I self-host?">Yes.</Accordion>\n'
        '<Accordion title="SSO" id="single_sign_on">Okta.</Accordion>\n</AccordionGroup>\n\n'
        '<Steps>\n<Step title="Install the CLI">pip</Step>\n<Step title="Run" id="go">run</Step>\n</Steps>\n\n'
        '<Tab title="Python SDK">alone</Tab>\n\n'
        '<Tabs>\n<Tab title="Workflow">w</Tab>\n<Tab title="MCP">m</Tab>\n<Tab title="新しい Agent">n</Tab>\n</Tabs>\n\n'
        '<Update label="2024.10.01" description="v1">Notes</Update>\n'
    )
    built = build_site(make_project(CONFIG, {"page.mdx": body, "other.mdx": "# Other\n"}))
    html = built.files["page/index.html"].decode()
    for made in ('<div class="api-field mdx-field" id="param-on-error" data-location="path">',
                 '<div class="api-field mdx-field" id="param-user">',
                 '<div class="api-field mdx-field" id="param-user-first-name">',
                 '<details class="accordion" id="can-i-self-host">',
                 '<details class="accordion" id="single_sign_on">',
                 '<li class="step" id="install-the-cli">', '<li class="step" id="go">',
                 '<section class="tab-section" id="python-sdk">',
                 # langgenius+dify-docs links tabs as page#workflow, page#mcp, page#新しい-agent
                 '<div class="tabs-panel" role="tabpanel" id="workflow"',
                 '<div class="tabs-panel" role="tabpanel" id="mcp" aria-labelledby="tabs-tab2"',
                 '<div class="tabs-panel" role="tabpanel" id="新しい-agent"',
                 '<div class="update" id="2024-10-01">'):
        assert made in html
    assert built.warnings == []


def test_title_slug_is_mintlifys_accordion_id() -> None:
    assert title_slug("Can I self-host?") == "can-i-self-host"
    assert title_slug("SSO: Okta & Azure") == "sso-okta-and-azure"
    assert title_slug("Ünïcode Title") == "unicode-title"


def test_fragment_links_to_the_new_ids_resolve_and_others_warn(make_project: Callable[..., Path]) -> None:
    page = (
        "## error 🤖\n\n## Fees & billing\n\n"
        "[a](#error-%F0%9F%A4%96) [b](#error-🤖) [c](#fees-&-billing) [d](/other#param-on-error)\n\n"
        "[e](/other#can-i-self-host:nested-question) [f](#errorrobot)\n"
    )
    other = ('# Other\n\n<ParamField path="onError" type="string">x</ParamField>\n\n'
             '<Accordion title="Can I self-host?">\n<Accordion title="Nested question">y</Accordion>\n</Accordion>\n')
    built = build_site(make_project(CONFIG, {"page.mdx": page, "other.mdx": other}))
    assert built.warnings == ["content/page.mdx:7: link to '#errorrobot': no heading 'errorrobot' on this page; link kept"]


def test_fragment_found_reads_fragments_as_a_browser_does() -> None:
    ids = {"error-🤖", "fees-&-billing", "outer", "inner"}
    assert fragment_found("error-%F0%9F%A4%96", ids) and fragment_found("fees-&-billing", ids)
    assert fragment_found("outer:inner", ids) and not fragment_found("outer:missing", ids)
    assert not fragment_found("Error-🤖", ids)


def test_a_link_written_for_an_older_id_warns_with_the_id_mintlify_gives_now(make_project: Callable[..., Path]) -> None:
    # firecrawl+firecrawl-docs links `#team-management--roles` (GitHub-style, older Mintlify);
    # Mintlify now gives that heading `team-management-&-roles`.
    page = "See [roles](/other#team-management--roles) and [x](/other#nowhere).\n"
    other = "# Other\n\n## Team management & roles\n"
    built = build_site(make_project(CONFIG, {"page.mdx": page, "other.mdx": other}))
    assert built.warnings == [
        "content/page.mdx:1: link to 'other#team-management--roles': no heading 'team-management--roles' on that "
        "page (the id there is 'team-management-&-roles'); link kept",
        "content/page.mdx:1: link to 'other#nowhere': no heading 'nowhere' on that page; link kept",
    ]
