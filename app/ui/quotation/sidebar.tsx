import { Check } from "lucide-react";

const STEPS = [
  { title: "Submit Request", text: "Tell us about your event and the equipment you need." },
  {
    title: "Receive Quotation",
    text: "We check availability and send a priced quotation, usually within one working day.",
  },
  { title: "Confirm Booking", text: "Approve the quotation online and pay the booking advance to reserve your date." },
  { title: "Event Execution", text: "Our crew delivers, sets up, runs the show and collects everything afterwards." },
];

const REASONS = [
  "Our own equipment, serviced in our Dhaka workshop before every event",
  "Engineers and operators come with every booking",
  "Clear prices in taka, with no hidden charges",
  "Backup power and spare units on site for peace of mind",
  "Technical support around the clock while your event runs",
  "Delivery and setup anywhere in Bangladesh",
];

/** The quotation page's side column: how it works and why choose us. */
export function QuotationSidebar() {
  return (
    <aside className="space-y-6">
      <section aria-labelledby="how-it-works" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="how-it-works" className="text-lg font-bold text-ink-900">
          How It Works
        </h2>
        <ol className="mt-4 space-y-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <div>
                <p className="font-semibold text-ink-900">{step.title}</p>
                <p className="text-sm text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="why-us" className="rounded-2xl bg-ink-900 p-6 text-white shadow-sm">
        <h2 id="why-us" className="text-lg font-bold">
          Why Choose Us?
        </h2>
        <ul className="mt-4 space-y-3">
          {REASONS.map((reason) => (
            <li key={reason} className="flex gap-3 text-sm text-slate-200">
              <Check aria-hidden size={18} className="mt-0.5 shrink-0 text-brand-300" />
              {reason}
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
