// Where an action sends the person back to: the page they posted from, with its filter and search,
// whether React Router's script posted it (`.data`) or the browser did.
import { expect, it } from "vitest";
import { postedPagePath } from "~/server/forms.server";

it.each([
  ["http://localhost/admin/events/registrations/5?status=confirmed&q=banda", "/admin/events/registrations/5?status=confirmed&q=banda"],
  ["http://localhost/admin/events/registrations/5.data?status=confirmed&_routes=routes%2Fadmin", "/admin/events/registrations/5?status=confirmed"],
  ["http://localhost/admin/events/5/check-in.data?q=567&index", "/admin/events/5/check-in?q=567"],
  ["http://localhost/_root.data", "/"],
])("%s returns to %s", (url, path) => {
  expect(postedPagePath(new Request(url, { method: "POST" }))).toBe(path);
});
