import { campaign } from '../../../shared/campaign';
import { texts } from '../../lib/content';

/** spec §2: the hero image links to the loyalty programme page, in a new tab. */
export function Hero() {
  return (
    <div className="hero">
      <a
        className="hero__link"
        href={campaign.links.loyaltyProgramme}
        target="_blank"
        rel="noopener noreferrer"
      >
        <img
          className="hero__image"
          src="/hero.svg"
          alt={texts.hero.alt}
          width="1200"
          height="500"
          fetchPriority="high"
        />
        <span className="visually-hidden"> {texts.nav.newTab}</span>
      </a>
    </div>
  );
}
