// The 404 page logs the missing path to the browser's console (SPEC section 2), without the page
// loading React for it: the page is an island page and this is its one island.
import type { Island } from "./island";

export const notFoundLog: Island = {
  name: "not-found-log",
  attach() {
    console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  },
};
