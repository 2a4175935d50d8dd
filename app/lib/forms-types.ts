export type FieldErrors = Record<string, string>;
export type FormValues = Record<string, string>;

/** What a public form action answers a scripted submission with. */
export type PublicFormResult =
  | { ok: true; message: string; errors?: undefined; values?: undefined }
  | { ok: false; message: string; errors: FieldErrors; values: FormValues };
