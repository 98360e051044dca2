/**
 * The company's own GSTIN is never a buyer's (DECISIONS 58): refused at checkout and when a
 * customer saves billing details for the next one, with the same sentence.
 */
import { ValidationError } from '~/server/domain/errors';
import { site } from '~/site.config';

export const OUR_GSTIN = "This is our GSTIN. Enter your company's GSTIN.";

/** Throws the sentence when `billing` names the company's own GSTIN. */
export function refuseOurGstin(billing: { readonly gstin?: string | undefined }): void {
  if (billing.gstin !== undefined && billing.gstin === site.tax.gstin) throw new ValidationError([OUR_GSTIN]);
}
