/**
 * Leaves for the payment gateway's hosted checkout (DECISIONS 36): a form post of the fields the
 * checkout answered, so no gateway script runs on our pages (the CSP's `form-action` names the
 * gateway's origin, and only it).
 */
export function postToGateway(gateway: {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
}): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = gateway.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(gateway.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
