/**
 * A link that opens an address on Google Maps (its documented search URL). A plain link, so the page loads no
 * third-party script or frame and the Content-Security-Policy stays closed.
 */
export function googleMapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
