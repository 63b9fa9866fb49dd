import { campaign } from '#shared/campaign.ts';
import { texts } from '../../lib/content';

/**
 * The page's headline as real text beside the picture (above it on narrow screens), never over it.
 * spec §2: the hero image links to the loyalty programme page, in a new tab.
 */
export function Hero() {
  return (
    <div className="hero">
      <div>
        <h1 className="hero__title">{texts.landing.pageTitle}</h1>
        <p className="hero__subtitle">{texts.hero.subtitle}</p>
      </div>
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
          width="600"
          height="500"
          fetchPriority="high"
        />
        <span className="visually-hidden"> {texts.nav.newTab}</span>
      </a>
    </div>
  );
}
