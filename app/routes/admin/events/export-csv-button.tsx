// 'Export CSV' on an event's registrations page. Without JavaScript it is a plain download link.
// With JavaScript the file is fetched first, so the admin hears 'Export successful' once the
// download has started, or a clear error instead of a broken file (e.g. when the session ended).
import { useState, type MouseEvent } from "react";
import { buttonClass } from "~/components/form-fields";
import { DownloadIcon, SpinnerIcon } from "~/components/icons";
import { showToast } from "~/components/toaster";

const EXPORT_FAILED = "Failed to export registrations. Please try again.";

function fileNameFrom(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? fallback;
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the file before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function ExportCsvButton({ href, fileName, disabled }: { href: string; fileName: string; disabled: boolean }) {
  const [exporting, setExporting] = useState(false);

  if (disabled) {
    return (
      <button type="button" disabled aria-disabled="true" title="There are no registrations to export yet" className={buttonClass.secondary}>
        <DownloadIcon className="size-4" />
        Export CSV
      </button>
    );
  }

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser handle a new-tab or save-as click itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (exporting) return;
    setExporting(true);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok) {
        const message = response.status === 401 ? "Your session has ended. Please sign in again, then export." : EXPORT_FAILED;
        showToast({ title: "Error", description: message, variant: "destructive" });
        return;
      }
      saveFile(await response.blob(), fileNameFrom(response, fileName));
      showToast({ title: "Export successful", description: "The registrations have been exported to CSV." });
    } catch {
      showToast({ title: "Error", description: EXPORT_FAILED, variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }

  return (
    <a href={href} download={fileName} onClick={(event) => void onClick(event)} aria-busy={exporting || undefined} className={buttonClass.secondary}>
      {exporting ? <SpinnerIcon className="size-4" /> : <DownloadIcon className="size-4" />}
      {exporting ? "Exporting..." : "Export CSV"}
    </a>
  );
}
