import { sampleEventDate } from "./event-dates";
import type { events, galleryItems, heroImages, logos } from "../schema";
import { seedId } from "./ids";

export const logoSeed: (typeof logos.$inferInsert)[] = [
  { id: seedId("logo:mark"), name: "Utsab emblem", imageUrl: "/images/logos/utsab-mark.webp", sortOrder: 0 },
  { id: seedId("logo:wordmark"), name: "Utsab Events", imageUrl: "/images/logos/utsab-wordmark.webp", sortOrder: 1 },
];

export const heroSeed: (typeof heroImages.$inferInsert)[] = [
  {
    id: seedId("hero:1"),
    imageUrl: "/images/hero/hero-1.webp",
    alt: "A concert stage with beams of light over the crowd",
    sortOrder: 0,
  },
  {
    id: seedId("hero:2"),
    imageUrl: "/images/hero/hero-2.webp",
    alt: "A wedding hall dressed in warm light and flowers",
    sortOrder: 1,
  },
  {
    id: seedId("hero:3"),
    imageUrl: "/images/hero/hero-3.webp",
    alt: "A conference stage with a wide LED wall",
    sortOrder: 2,
  },
  {
    id: seedId("hero:4"),
    imageUrl: "/images/hero/hero-4.webp",
    alt: "An open-air festival stage at dusk",
    sortOrder: 3,
  },
];

export const gallerySeed: (typeof galleryItems.$inferInsert)[] = [
  {
    id: seedId("gallery:corporate"),
    title: "Telecom Annual Conference",
    category: "corporate",
    imageUrl: "/images/gallery/corporate.webp",
    tags: ["led-wall", "stage", "lighting"],
    sortOrder: 0,
  },
  {
    id: seedId("gallery:wedding"),
    title: "Grand Wedding Reception",
    category: "wedding",
    imageUrl: "/images/gallery/wedding.webp",
    tags: ["wedding", "decoration", "uplighting"],
    sortOrder: 1,
  },
  {
    id: seedId("gallery:concert"),
    title: "Open-Air Concert Rig",
    category: "concert",
    imageUrl: "/images/gallery/concert.webp",
    tags: ["concert", "line-array", "beams"],
    sortOrder: 2,
  },
  {
    id: seedId("gallery:exhibition"),
    title: "Trade Fair Pavilion",
    category: "exhibition",
    imageUrl: "/images/gallery/exhibition.webp",
    tags: ["exhibition", "booth", "branding"],
    sortOrder: 3,
  },
  {
    id: seedId("gallery:product-launch"),
    title: "Smartphone Launch Reveal",
    category: "product-launch",
    imageUrl: "/images/gallery/product-launch.webp",
    tags: ["launch", "led-wall", "sparks"],
    sortOrder: 4,
  },
  {
    id: seedId("gallery:conference"),
    title: "Medical Conference Plenary",
    category: "conference",
    imageUrl: "/images/gallery/conference.webp",
    tags: ["conference", "projection", "sound"],
    sortOrder: 5,
  },
];

const eventImages = (slug: string) => [`/images/events/${slug}-1.webp`, `/images/events/${slug}-2.webp`];

/**
 * The five events of storefront.md §3, with the spec's dates and statuses. The seed dates them around the day
 * it runs (eventSeedFor), keeping month and day.
 */
export const eventSeed: (typeof events.$inferInsert)[] = [
  {
    id: seedId("event:annual-tech-summit-2024"),
    slug: "annual-tech-summit-2024",
    title: "Annual Tech Summit 2024",
    description:
      "Two halls, one keynote stage and 1,500 delegates: we are building a 12 × 6 m LED wall, a line-array system, stage lighting and live streaming for Bangladesh's largest technology summit.",
    date: "2024-12-15",
    time: "09:00",
    location: "International Convention City Bashundhara, Kuril, Dhaka",
    imageUrl: eventImages("annual-tech-summit-2024")[0],
    images: eventImages("annual-tech-summit-2024"),
    status: "upcoming",
    capacity: 1500,
    organizerId: seedId("employee:tanvir-rahman"),
  },
  {
    id: seedId("event:wedding-expo-dhaka"),
    slug: "wedding-expo-dhaka",
    title: "Dhaka Wedding Expo",
    description:
      "Our stand at the city's wedding fair shows complete holud, wedding and reception setups: floral arches, warm uplighting, lounge furniture, cold sparks and a 360° photo booth for visitors.",
    date: "2024-08-25",
    time: "11:00",
    location: "Bangabandhu International Conference Center, Agargaon, Dhaka",
    imageUrl: eventImages("wedding-expo-dhaka")[0],
    images: eventImages("wedding-expo-dhaka"),
    status: "upcoming",
    capacity: 3000,
    organizerId: seedId("employee:farzana-akter"),
  },
  {
    id: seedId("event:music-festival-coxs-bazar"),
    slug: "music-festival-coxs-bazar",
    title: "Cox's Bazar Beach Music Festival",
    description:
      "An open-air festival on the world's longest beach: a 16 m stage roof, two line-array sets, beam and wash lighting, haze, generators and a crew of thirty for three nights of music.",
    date: "2024-07-10",
    time: "17:00",
    location: "Laboni Beach, Cox's Bazar",
    imageUrl: eventImages("music-festival-coxs-bazar")[0],
    images: eventImages("music-festival-coxs-bazar"),
    status: "upcoming",
    capacity: 8000,
    organizerId: seedId("employee:nusrat-jahan"),
  },
  {
    id: seedId("event:corporate-gala-night"),
    slug: "corporate-gala-night",
    title: "Corporate Gala Night",
    description:
      "A black-tie awards dinner for 600 guests: ballroom uplighting, a curved LED backdrop, stage and podium, wireless microphones and a string quartet reinforced by our sound team.",
    date: "2023-11-12",
    time: "19:00",
    location: "Radisson Blu Dhaka Water Garden, Airport Road, Dhaka",
    imageUrl: eventImages("corporate-gala-night")[0],
    images: eventImages("corporate-gala-night"),
    status: "completed",
    capacity: 600,
    organizerId: seedId("employee:tanvir-rahman"),
  },
  {
    id: seedId("event:product-launch-smartphone"),
    slug: "product-launch-smartphone",
    title: "Smartphone Product Launch",
    description:
      "A product reveal with a kinetic LED wall, cold sparks on cue, a press wall and live feeds to social media, delivered in eight hours from an empty hall.",
    date: "2023-10-28",
    time: "16:00",
    location: "Le Méridien Dhaka, Nikunja 2, Dhaka",
    imageUrl: eventImages("product-launch-smartphone")[0],
    images: eventImages("product-launch-smartphone"),
    status: "completed",
    capacity: 400,
    organizerId: seedId("employee:nusrat-jahan"),
  },
];

/** The sample events dated for a first start on `today` (YYYY-MM-DD in Dhaka): see event-dates.ts. */
export function eventSeedFor(today: string): (typeof events.$inferInsert)[] {
  return eventSeed.map((event) => ({
    ...event,
    date: sampleEventDate(event.date, event.status === "completed" ? "completed" : "upcoming", today),
  }));
}
