// /admin/blogs: the blog list lives on the dashboard's tab.
import { redirect } from "react-router";

export function loader() {
  return redirect("/admin?tab=blogs");
}
