// Bindings and variables of the Worker (see wrangler.jsonc). Secrets come from .dev.vars locally
// and `wrangler secret put` in production.
import type * as WorkerModule from "../workers/app";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      IMAGES: R2Bucket;
      /** HS256 key for admin session tokens; at least 32 random bytes. */
      SESSION_SECRET: string;
      /** Public origin (https://...), or empty to use the request's origin. */
      SITE_URL: string;
      /** "on" or "off" forces the edge cache of public pages; unset: on in production builds. */
      EDGE_CACHE?: string;
    }
    interface GlobalProps {
      mainModule: typeof WorkerModule;
    }
  }
  type Env = Cloudflare.Env;
}
