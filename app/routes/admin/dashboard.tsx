import { adminContext } from "~/context";
import type { Route } from "./+types/dashboard";

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.get(adminContext).email };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-stone-900">Dashboard</h1>
      <p className="mt-2 text-stone-700">Signed in as {loaderData.email}.</p>
    </div>
  );
}
