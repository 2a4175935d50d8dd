import { data } from "react-router";

/** Unknown admin paths answer 404, but only after the admin guard has run. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
