import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Baptist Men's Ministry Malawi" }];

export default function Home() {
  return (
    <section className="bg-brand-900 px-4 py-20 text-center text-white">
      <h1 className="text-3xl font-bold">Baptist Men's Ministry Malawi</h1>
    </section>
  );
}
