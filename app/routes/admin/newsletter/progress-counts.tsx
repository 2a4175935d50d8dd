// A newsletter's progress in words and as a bar: sent, failed, and still to go.
type Progress = { recipients: number; sent: number; failed: number; remaining: number };

export function ProgressCounts({ progress }: { progress: Progress }) {
  const { recipients, sent, failed, remaining } = progress;
  const share = (n: number) => (recipients ? `${(n / recipients) * 100}%` : "0%");
  return (
    <div className="mt-2">
      <p className="text-sm text-stone-800">
        <span className="font-semibold text-green-800">{`${sent} sent`}</span>
        {" · "}
        <span className={failed ? "font-semibold text-red-800" : ""}>{`${failed} failed`}</span>
        {" · "}
        <span>{`${remaining} remaining`}</span>
        {` of ${recipients}`}
      </p>
      <div className="mt-1.5 flex h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        <div className="bg-green-600" style={{ width: share(sent) }} />
        <div className="bg-red-600" style={{ width: share(failed) }} />
      </div>
    </div>
  );
}
