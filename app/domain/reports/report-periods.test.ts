import { describe, expect, it } from "vitest";
import {
  fiscalYearMonths,
  fiscalYearName,
  fiscalYearOfDate,
  fiscalYearRange,
  monthPeriod,
  parseReportPeriod,
  previousPeriod,
  quarterOfDate,
  quarterPeriod,
  rangePeriod,
  REPORT_PERIOD_MESSAGES,
  reportPeriodParams,
  samePeriodLastYear,
  yearPeriod,
  type ReportPeriod,
} from "./report-periods";

// The reports' calendar (issue 24): fiscal years starting in July (Bangladesh's, the default) or January, their
// quarters across calendar years, the period before and a year earlier (29 February included), date ranges, and
// the URL's parameters read back with each bad value named by its field.

const JULY = 7;
const JANUARY = 1;

const span = (p: ReportPeriod) => [p.from, p.to];

describe("fiscal years", () => {
  it("with a July start: named by the year they start in, July to June", () => {
    expect(fiscalYearOfDate("2026-07-01", JULY)).toBe(2026);
    expect(fiscalYearOfDate("2026-06-30", JULY)).toBe(2025);
    expect(fiscalYearOfDate("2027-01-15", JULY)).toBe(2026);
    expect(fiscalYearRange(2026, JULY)).toEqual({ from: "2026-07-01", to: "2027-06-30" });
    expect(fiscalYearName(2026, JULY)).toBe("2026-27");
    expect(fiscalYearName(2099, JULY)).toBe("2099-00");
  });

  it("with a January start: the calendar year", () => {
    expect(fiscalYearOfDate("2026-01-01", JANUARY)).toBe(2026);
    expect(fiscalYearOfDate("2026-12-31", JANUARY)).toBe(2026);
    expect(fiscalYearRange(2026, JANUARY)).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(fiscalYearName(2026, JANUARY)).toBe("2026");
  });

  it("with a March start ends on 29 February in a leap year", () => {
    expect(fiscalYearRange(2027, 3)).toEqual({ from: "2027-03-01", to: "2028-02-29" });
    expect(fiscalYearRange(2026, 3)).toEqual({ from: "2026-03-01", to: "2027-02-28" });
  });

  it("lists its twelve months in order, across the calendar year, each whole", () => {
    const months = fiscalYearMonths(2026, JULY);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ from: "2026-07-01", to: "2026-07-31", month: 7, label: "Jul 2026" });
    expect(months[5]).toEqual({ from: "2026-12-01", to: "2026-12-31", month: 12, label: "Dec 2026" });
    expect(months[6]).toEqual({ from: "2027-01-01", to: "2027-01-31", month: 1, label: "Jan 2027" });
    expect(months[11]).toEqual({ from: "2027-06-01", to: "2027-06-30", month: 6, label: "Jun 2027" });
    expect(fiscalYearMonths(2027, JANUARY)[1]).toMatchObject({ from: "2027-02-01", to: "2027-02-28" });
    expect(fiscalYearMonths(2027, JULY)[7]).toMatchObject({ from: "2028-02-01", to: "2028-02-29" });
  });
});

describe("periods", () => {
  it("a month: its first and last day, in the fiscal year holding it", () => {
    expect(monthPeriod("2026-11-25", JULY)).toEqual({
      kind: "monthly",
      from: "2026-11-01",
      to: "2026-11-30",
      fiscalYear: 2026,
      label: "Nov 2026",
    });
    expect(monthPeriod("2027-02-10", JULY)).toMatchObject({ to: "2027-02-28", fiscalYear: 2026 });
    expect(monthPeriod("2028-02-10", JANUARY)).toMatchObject({ to: "2028-02-29", fiscalYear: 2028 });
  });

  it("quarters of a July year cross the calendar year: Q3 is January to March of the next", () => {
    expect(quarterPeriod(2026, 1, JULY)).toMatchObject({ from: "2026-07-01", to: "2026-09-30", label: "Q1 2026-27" });
    expect(span(quarterPeriod(2026, 2, JULY))).toEqual(["2026-10-01", "2026-12-31"]);
    expect(span(quarterPeriod(2026, 3, JULY))).toEqual(["2027-01-01", "2027-03-31"]);
    expect(quarterPeriod(2026, 4, JULY)).toMatchObject({ from: "2027-04-01", to: "2027-06-30", fiscalYear: 2026 });
    expect(quarterPeriod(2026, 1, JANUARY)).toMatchObject({ from: "2026-01-01", to: "2026-03-31", label: "Q1 2026" });
    // A November start: Q1 is November to January, across the calendar year.
    expect(span(quarterPeriod(2026, 1, 11))).toEqual(["2026-11-01", "2027-01-31"]);
  });

  it("the quarter of a date counts from the fiscal year's start", () => {
    expect(quarterOfDate("2026-07-01", JULY)).toBe(1);
    expect(quarterOfDate("2026-12-31", JULY)).toBe(2);
    expect(quarterOfDate("2027-01-01", JULY)).toBe(3);
    expect(quarterOfDate("2027-06-30", JULY)).toBe(4);
    expect(quarterOfDate("2026-06-30", JANUARY)).toBe(2);
    expect(quarterOfDate("2027-01-15", 11)).toBe(1);
  });

  it("a fiscal year and a range", () => {
    expect(yearPeriod(2026, JULY)).toEqual({
      kind: "yearly",
      from: "2026-07-01",
      to: "2027-06-30",
      fiscalYear: 2026,
      label: "FY 2026-27",
    });
    expect(yearPeriod(2026, JANUARY).label).toBe("FY 2026");
    expect(rangePeriod("2026-06-15", "2026-08-15", JULY)).toEqual({
      kind: "range",
      from: "2026-06-15",
      to: "2026-08-15",
      fiscalYear: 2025,
      label: "15 Jun 2026 – 15 Aug 2026",
    });
  });
});

describe("the period before", () => {
  it("of a month is the month before, across a year and a fiscal year", () => {
    expect(previousPeriod(monthPeriod("2027-01-01", JULY), JULY)).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-31",
    });
    expect(previousPeriod(monthPeriod("2026-07-01", JULY), JULY)).toMatchObject({
      from: "2026-06-01",
      fiscalYear: 2025,
    });
    expect(span(previousPeriod(monthPeriod("2028-03-01", JULY), JULY))).toEqual(["2028-02-01", "2028-02-29"]);
  });

  it("of a quarter is the quarter before, the first's being the last year's fourth", () => {
    expect(previousPeriod(quarterPeriod(2026, 3, JULY), JULY)).toMatchObject({
      from: "2026-10-01",
      to: "2026-12-31",
      fiscalYear: 2026,
      label: "Q2 2026-27",
    });
    expect(previousPeriod(quarterPeriod(2026, 1, JULY), JULY)).toMatchObject({
      from: "2026-04-01",
      to: "2026-06-30",
      fiscalYear: 2025,
      label: "Q4 2025-26",
    });
    expect(previousPeriod(quarterPeriod(2026, 1, JANUARY), JANUARY)).toMatchObject({ label: "Q4 2025" });
  });

  it("of a fiscal year is the year before", () => {
    expect(previousPeriod(yearPeriod(2026, JULY), JULY)).toEqual(yearPeriod(2025, JULY));
  });

  it("of a range is as many days just before it (leap days counted)", () => {
    const range = rangePeriod("2028-03-01", "2028-03-10", JULY);
    expect(span(previousPeriod(range, JULY))).toEqual(["2028-02-20", "2028-02-29"]);
    const oneDay = rangePeriod("2027-01-01", "2027-01-01", JULY);
    expect(span(previousPeriod(oneDay, JULY))).toEqual(["2026-12-31", "2026-12-31"]);
    const across = rangePeriod("2028-02-01", "2028-03-31", JULY); // 29 + 31 = 60 days
    expect(span(previousPeriod(across, JULY))).toEqual(["2027-12-03", "2028-01-31"]);
  });
});

describe("the same period a year earlier", () => {
  it("of a month, a quarter and a fiscal year", () => {
    expect(span(samePeriodLastYear(monthPeriod("2026-11-25", JULY), JULY))).toEqual(["2025-11-01", "2025-11-30"]);
    expect(samePeriodLastYear(quarterPeriod(2026, 3, JULY), JULY)).toMatchObject({
      from: "2026-01-01",
      to: "2026-03-31",
      label: "Q3 2025-26",
    });
    expect(samePeriodLastYear(yearPeriod(2026, JANUARY), JANUARY)).toEqual(yearPeriod(2025, JANUARY));
  });

  it("of February in a leap year is the February before, 28 days", () => {
    expect(span(samePeriodLastYear(monthPeriod("2028-02-29", JULY), JULY))).toEqual(["2027-02-01", "2027-02-28"]);
    expect(span(samePeriodLastYear(monthPeriod("2029-02-01", JULY), JULY))).toEqual(["2028-02-01", "2028-02-29"]);
  });

  it("of a range ending on 29 February ends on 28 February", () => {
    const range = rangePeriod("2028-02-29", "2028-02-29", JULY);
    expect(span(samePeriodLastYear(range, JULY))).toEqual(["2027-02-28", "2027-02-28"]);
    const winter = rangePeriod("2028-01-15", "2028-02-29", JULY);
    expect(samePeriodLastYear(winter, JULY)).toMatchObject({ from: "2027-01-15", to: "2027-02-28", kind: "range" });
  });
});

describe("parseReportPeriod", () => {
  const TODAY = "2026-11-25";
  const parse = (query: string, startMonth = JULY) => parseReportPeriod(new URLSearchParams(query), TODAY, startMonth);

  it("with nothing asked: this month", () => {
    expect(parse("")).toEqual({ period: monthPeriod(TODAY, JULY), errors: {} });
    expect(parse("period=")).toEqual({ period: monthPeriod(TODAY, JULY), errors: {} });
    expect(parse("period=monthly")).toEqual({ period: monthPeriod(TODAY, JULY), errors: {} });
  });

  it("reads a month, a quarter, a year and a range", () => {
    expect(parse("period=monthly&month=2027-02").period).toEqual(monthPeriod("2027-02-01", JULY));
    expect(parse("period=quarterly&fy=2025&q=4").period).toEqual(quarterPeriod(2025, 4, JULY));
    expect(parse("period=yearly&fy=2024").period).toEqual(yearPeriod(2024, JULY));
    expect(parse("period=range&from=2026-01-01&to=2026-03-31").period).toEqual(
      rangePeriod("2026-01-01", "2026-03-31", JULY),
    );
  });

  it("a quarter or a year without its fiscal year or quarter is today's", () => {
    expect(parse("period=quarterly").period).toEqual(quarterPeriod(2026, 2, JULY));
    expect(parse("period=quarterly&fy=2027").period).toEqual(quarterPeriod(2027, 2, JULY));
    expect(parse("period=yearly").period).toEqual(yearPeriod(2026, JULY));
    expect(parse("period=yearly", JANUARY).period).toEqual(yearPeriod(2026, JANUARY));
  });

  it.each([
    ["period=weekly", "period", REPORT_PERIOD_MESSAGES.period],
    ["period=monthly&month=2026-13", "month", REPORT_PERIOD_MESSAGES.month],
    ["period=monthly&month=2026-1", "month", REPORT_PERIOD_MESSAGES.month],
    ["period=monthly&month=1999-12", "month", REPORT_PERIOD_MESSAGES.month],
    ["period=monthly&month=2101-01", "month", REPORT_PERIOD_MESSAGES.month],
    ["period=monthly&month=November", "month", REPORT_PERIOD_MESSAGES.month],
    ["period=quarterly&fy=1999&q=1", "fy", REPORT_PERIOD_MESSAGES.fiscalYear],
    ["period=quarterly&fy=26&q=1", "fy", REPORT_PERIOD_MESSAGES.fiscalYear],
    ["period=quarterly&fy=2026&q=5", "q", REPORT_PERIOD_MESSAGES.quarter],
    ["period=quarterly&fy=2026&q=0", "q", REPORT_PERIOD_MESSAGES.quarter],
    ["period=quarterly&fy=2026&q=1.0", "q", REPORT_PERIOD_MESSAGES.quarter],
    ["period=quarterly&fy=2026&q=%202", "q", REPORT_PERIOD_MESSAGES.quarter],
    ["period=yearly&fy=2101", "fy", REPORT_PERIOD_MESSAGES.fiscalYear],
    ["period=yearly&fy=2026-27", "fy", REPORT_PERIOD_MESSAGES.fiscalYear],
    ["period=range&to=2026-03-31", "from", REPORT_PERIOD_MESSAGES.from],
    ["period=range&from=2026-02-30&to=2026-03-31", "from", REPORT_PERIOD_MESSAGES.from],
    ["period=range&from=2026-01-01", "to", REPORT_PERIOD_MESSAGES.to],
    ["period=range&from=2026-01-01&to=31/03/2026", "to", REPORT_PERIOD_MESSAGES.to],
    ["period=range&from=2026-01-01&to=2025-12-31", "to", REPORT_PERIOD_MESSAGES.order],
    // Years outside 2000-2100 (a year earlier of 0001 would not be a date at all).
    ["period=range&from=0001-01-01&to=0001-01-02", "from", REPORT_PERIOD_MESSAGES.from],
    ["period=range&from=2100-12-01&to=2101-01-02", "to", REPORT_PERIOD_MESSAGES.to],
    ["period=range&from=2020-01-01&to=2025-12-31", "to", REPORT_PERIOD_MESSAGES.tooLong],
  ])("%s is refused naming %s, and this month is shown", (query, field, message) => {
    expect(parse(query)).toEqual({ period: monthPeriod(TODAY, JULY), errors: { [field]: message } });
  });

  it("takes a range of five years, and one of a single day", () => {
    expect(parse("period=range&from=2021-01-01&to=2025-12-31").errors).toEqual({});
    expect(parse("period=range&from=2026-02-28&to=2026-02-28").errors).toEqual({});
  });
});

describe("reportPeriodParams", () => {
  it.each([JULY, JANUARY, 3])("reads back as the same period (start month %i)", (startMonth) => {
    const periods = [
      monthPeriod("2026-11-25", startMonth),
      monthPeriod("2028-02-29", startMonth),
      ...[1, 2, 3, 4].map((q) => quarterPeriod(2026, q, startMonth)),
      yearPeriod(2030, startMonth),
      rangePeriod("2026-06-15", "2027-02-28", startMonth),
    ];
    for (const period of periods) {
      const params = new URLSearchParams(reportPeriodParams(period, startMonth));
      expect(parseReportPeriod(params, "2026-11-25", startMonth), params.toString()).toEqual({
        period,
        errors: {},
      });
    }
  });

  it("names the period in the URL's words", () => {
    expect(reportPeriodParams(quarterPeriod(2026, 3, JULY), JULY)).toEqual({ period: "quarterly", fy: "2026", q: "3" });
    expect(reportPeriodParams(monthPeriod("2027-02-10", JULY), JULY)).toEqual({ period: "monthly", month: "2027-02" });
  });
});
