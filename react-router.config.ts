import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side; everything else uses ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // A page that sends no referrer (a registration's private page) makes the browser post with
  // `Origin: null`, even to its own site. The Worker's own check (workers/security.ts) has already
  // told same-site from cross-site by Sec-Fetch-Site before React Router sees the request.
  allowedActionOrigins: ["null"],
} satisfies Config;
