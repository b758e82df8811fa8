// CloudFront Function (viewer request) for a sitegen site in an S3 bucket behind CloudFront.
//
// CloudFront's "default root object" only answers "/": with the bucket's REST endpoint as
// origin, "/quickstart/" would look for an object named "quickstart/" and fail. sitegen
// writes every page as a folder with an index.html, and its links are relative to that
// folder, so:
//   /quickstart/  -> fetch quickstart/index.html
//   /quickstart   -> redirect to /quickstart/ (a rewrite would break the page's relative links)
// Files (a dot in the last path segment) pass through unchanged.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.charAt(uri.length - 1) === "/") {
    request.uri = uri + "index.html";
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf("/") + 1);
  if (lastSegment.indexOf(".") === -1) {
    return {
      statusCode: 301,
      statusDescription: "Moved Permanently",
      headers: { location: { value: uri + "/" } }
    };
  }
  return request;
}
