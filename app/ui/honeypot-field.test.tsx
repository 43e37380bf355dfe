import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { HoneypotField } from "./honeypot-field";

describe("HoneypotField", () => {
  it("renders the trap hidden from people and assistive technology, out of the tab order, with autofill off", () => {
    const html = renderToStaticMarkup(<HoneypotField id="form-hp" />);
    expect(html).toMatch(/^<div aria-hidden="true" class="[^"]*-left-\[10000px\][^"]*">/);
    const input = html.match(/<input [^>]*>/)![0];
    expect(input).toContain(`name="${HONEYPOT_FIELD}"`);
    expect(input).toContain('id="form-hp"');
    expect(input).toContain('tabindex="-1"');
    // React writes the attribute as autoComplete; HTML attribute names are case-insensitive.
    expect(input.toLowerCase()).toContain('autocomplete="off"');
    expect(input).toContain('data-lpignore="true"');
    expect(input).toContain('data-1p-ignore=""');
    expect(input).toContain('value=""');
    // The label names no field a browser would fill either.
    expect(html).toContain('<label for="form-hp">Leave this field empty</label>');
  });
});
