import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The honeypot input: off screen, out of the tab order and hidden from assistive technology; autofill off,
 * and marked for password managers to leave alone, so only a robot fills it.
 */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute top-0 -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        data-1p-ignore=""
        data-lpignore="true"
        data-form-type="other"
        defaultValue=""
      />
    </div>
  );
}
