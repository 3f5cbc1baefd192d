// The web client's own version (the workspace version). The server's `GET /api/version`, when it exists,
// adds the build's version and commit to the footer.
export const CLIENT_VERSION = '0.1.0';
