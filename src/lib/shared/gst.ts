/**
 * Indian GST facts the billing form and the invoice share (DECISIONS 34, 37; issue 18): the state
 * and union territory codes, the GSTIN check, and the ISO 3166-1 countries a buyer may be in.
 * Pure data and functions: the browser and the server load the same rules.
 */

/** GST state and union territory codes (the first two digits of a GSTIN), as the buyer picks them. */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

/** The name of a GST state code, or undefined for a code no state has. */
export function gstStateName(code: string): string | undefined {
  return GST_STATES.find((state) => state.code === code)?.name;
}

const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of the first 14 characters of a GSTIN: each character's base-36 value
 * times 1 or 2 (alternately, from the left), the product's base-36 digits added up, and the
 * character that makes the sum a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = BASE36.indexOf(first14[index] ?? '') * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** True when `gstin` (upper case) has a GSTIN's form, a real state code and the right check character. */
export function isValidGstin(gstin: string): boolean {
  return (
    GSTIN_PATTERN.test(gstin) &&
    gstStateName(gstin.slice(0, 2)) !== undefined &&
    gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14]
  );
}
