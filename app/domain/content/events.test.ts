import { describe, expect, it } from "vitest";
import { EMPTY_EVENT_FORM, parseEventForm } from "./event-form";
import { eventPictures, isDayPassed, isPastEvent } from "./events";

describe("eventPictures", () => {
  it("puts the cover first, then the photos, each once", () => {
    expect(eventPictures({ imageUrl: "/a.webp", images: ["/a.webp", "/b.webp"] })).toEqual(["/a.webp", "/b.webp"]);
    expect(eventPictures({ imageUrl: "/c.webp", images: ["/a.webp"] })).toEqual(["/c.webp", "/a.webp"]);
    expect(eventPictures({ imageUrl: null, images: ["/a.webp"] })).toEqual(["/a.webp"]);
    expect(eventPictures({ imageUrl: null, images: [] })).toEqual([]);
  });
});

describe("isPastEvent", () => {
  it("is over when completed, or when its day is before today", () => {
    expect(isPastEvent({ status: "completed", date: "2099-01-01" }, "2026-11-25")).toBe(true);
    expect(isPastEvent({ status: "upcoming", date: "2026-11-24" }, "2026-11-25")).toBe(true);
    expect(isPastEvent({ status: "upcoming", date: "2026-11-25" }, "2026-11-25")).toBe(false);
  });
});

describe("isDayPassed", () => {
  it("is an event still marked upcoming after its day", () => {
    expect(isDayPassed({ status: "upcoming", date: "2026-11-24" }, "2026-11-25")).toBe(true);
    expect(isDayPassed({ status: "upcoming", date: "2026-11-25" }, "2026-11-25")).toBe(false);
    expect(isDayPassed({ status: "completed", date: "2020-01-01" }, "2026-11-25")).toBe(false);
  });
});

describe("parseEventForm", () => {
  const valid = {
    ...EMPTY_EVENT_FORM,
    title: " Gala ",
    description: "Dinner",
    date: "2027-01-05",
    time: "18:30:00",
    location: "Dhaka",
    organizerId: "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
  };

  it("trims, keeps the time to minutes, lower-cases the organizer's id and reads an empty capacity as none", () => {
    const parsed = parseEventForm(valid);
    expect(parsed).toMatchObject({
      ok: true,
      input: {
        title: "Gala",
        time: "18:30",
        organizerId: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        capacity: null,
        removeImage: false,
        imageUrls: [],
      },
    });
    expect(parseEventForm({ ...valid, capacity: " 0 ", removeImage: "1" })).toMatchObject({
      ok: true,
      input: { capacity: 0, removeImage: true },
    });
  });

  it("counts the photos being uploaded towards the limit of 20, and takes at most 5 with one save", () => {
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `/images/p${i}.webp`).join("\n");
    expect(parseEventForm({ ...valid, imageUrls: addresses(15) }, 5).ok).toBe(true);
    expect(parseEventForm({ ...valid, imageUrls: addresses(16) }, 5)).toMatchObject({
      ok: false,
      errors: { imageUrls: "At most 20 photos per event" },
    });
    expect(parseEventForm(valid, 6)).toMatchObject({
      ok: false,
      errors: { newImages: "Upload at most 5 photos at a time" },
    });
  });
});
