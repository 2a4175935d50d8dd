// Above the blog form's button (issue 15): 'Publish now', 'Save as draft' or 'Schedule', and the
// time a scheduled post goes live. The time field shows only while 'Schedule' is chosen, by CSS,
// so it works before the page's script runs; hidden, never disabled, so what it holds is kept.
import type { FieldMetadata } from "@conform-to/react";
import { RadioGroupField, radioId } from "~/components/admin/form-kit";
import { buttonClass, TextField } from "~/components/form-fields";
import { PUBLISHING_CHOICES, PUBLISHING_MESSAGES } from "~/features/publishing";

export function PublishingFields({ status, publishAt }: { status: FieldMetadata<string>; publishAt: FieldMetadata<string | undefined> }) {
  const timePassed = publishAt.errors?.[0] === PUBLISHING_MESSAGES.timePast;
  return (
    <div className="group/publishing space-y-3">
      <RadioGroupField field={status} legend="Publishing" options={PUBLISHING_CHOICES} className="grid gap-2 sm:grid-cols-3" />
      <div className="hidden group-has-[input[value=scheduled]:checked]/publishing:block">
        <TextField field={publishAt} label="Publish at" type="datetime-local" hint="Malawi time. The post appears on the website by itself at this time." />
        {timePassed ? (
          // A label for the 'Publish now' choice: choosing it needs no script.
          <label htmlFor={radioId(status as FieldMetadata<unknown>, "published")} className={`${buttonClass.secondary} mt-2 cursor-pointer`}>
            {PUBLISHING_MESSAGES.publishNow}
          </label>
        ) : null}
      </div>
    </div>
  );
}
