// Placeholder until the public-site work lands (issue 3).
export default function Page() {
  return <p className="p-8">Coming soon.</p>;
}
