/** The dark banner at the top of every inner public page (the header sits over it). */
export function PageHero({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-ink-900 via-ink-800 to-[#3b1450] pt-28 pb-14 text-white sm:pt-36 sm:pb-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle && <p className="mt-4 max-w-2xl text-lg text-slate-300">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
