import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

/** The band under the events pages: 'Request a Quotation' and 'Contact Us'. */
export function EventsCallToAction({
  title = "Planning an event of your own?",
  text = "Tell us the date, the venue and what you need; we send a detailed quotation, usually within one working day.",
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section aria-labelledby="events-cta" className="bg-gradient-to-r from-brand-800 to-[#86198f] py-16 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="events-cta" className="text-3xl font-bold">
            {title}
          </h2>
          <p className="mt-2 max-w-xl text-lg text-white/90">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link
            to="/quotation"
            className="inline-flex items-center gap-2 rounded-md bg-white px-6 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50"
          >
            Request a Quotation <ArrowRight aria-hidden size={18} />
          </Link>
          <Link
            to="/contact"
            className="inline-flex items-center rounded-md border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}
