import facebook from '../assets/social/facebook.svg?no-inline';
import instagram from '../assets/social/instagram.svg?no-inline';
import twitter from '../assets/social/twitter.svg?no-inline';
import youtube from '../assets/social/youtube.svg?no-inline';

const FILES = { Facebook: facebook, Twitter: twitter, Instagram: instagram, YouTube: youtube } as const;

/**
 * A social network's logo, decorative (the link it sits in carries the name). Image files loaded when near the
 * screen, not inline SVG: the footer shows them on every public page, and their paths (some 3 KB) cost every
 * first view twice, in the entry chunk and in the server-rendered HTML (decision 0067).
 */
export function SocialIcon({ name, className }: { name: keyof typeof FILES; className: string }) {
  return <img className={className} src={FILES[name]} alt="" width={24} height={24} loading="lazy" decoding="async" />;
}
