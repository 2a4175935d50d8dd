// The page a link from an e-mail opens (confirming a subscription, unsubscribing): a heading, a
// sentence, and, when there is something to do, one button that posts the page's own form. No
// JavaScript: the form posts as plain HTML, and opening the link alone never changes anything.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "./form-fields";
import { LogoMark } from "./logo";

export function LinkNotice({ title, text, action, children }: { title: string; text: string; action?: { label: string }; children?: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-16">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <LogoMark className="mx-auto size-12" />
        <h1 className="mt-4 text-2xl font-bold text-stone-900">{title}</h1>
        <p className="mt-3 text-stone-700">{text}</p>
        {children}
        {action ? (
          <form method="post" className="mt-6">
            <button type="submit" className={`${buttonClass.primary} w-full`}>
              {action.label}
            </button>
          </form>
        ) : (
          <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
            Return to Home
          </Link>
        )}
      </div>
    </div>
  );
}
