// Placeholder until the ministries manager lands (issue 4).
export function MinistriesManager(_props: { rows: never[]; error: string | null; deleteId: number | null }) {
  return <p className="text-stone-600">This list is being built.</p>;
}
