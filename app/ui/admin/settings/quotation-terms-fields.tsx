import {
  QUOTATION_TERM_FIELDS,
  QUOTATION_TERM_HINTS,
  QUOTATION_TERM_LABELS,
  QUOTATION_TERM_MAX_LENGTH,
  type QuotationTerms,
} from "~/domain/settings/quotation-terms";
import { TextAreaField } from "~/ui/admin/form";

// Settings > Company, the terms printed on every quotation (issue 20): the five terms, each a paragraph with its
// own message. The rules are the domain's (quotation-terms.ts), checked in the browser before sending (ADR 0022).

export function QuotationTermsFields({
  values,
  errors,
}: {
  values: QuotationTerms;
  errors: Partial<Record<string, string>>;
}) {
  return QUOTATION_TERM_FIELDS.map((field) => (
    <TextAreaField
      key={field}
      name={field}
      label={QUOTATION_TERM_LABELS[field]}
      defaultValue={values[field]}
      error={errors[field]}
      hint={`${QUOTATION_TERM_HINTS[field]} One paragraph, at most ${QUOTATION_TERM_MAX_LENGTH} characters.`}
      rows={3}
      // A term is read whole: the box grows with its text where the browser can (field-sizing), 3 lines elsewhere.
      style={{ fieldSizing: "content", minHeight: "4.75rem" }}
      required
      className="sm:col-span-2"
    />
  ));
}
