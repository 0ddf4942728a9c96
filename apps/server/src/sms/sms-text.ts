/** The text of a sign-in SMS: SMS_TEMPLATE with `{code}` and `{app}` filled in. */
export const smsText = (template: string, values: { code: string; app: string }) =>
  template.replaceAll('{code}', values.code).replaceAll('{app}', values.app);
