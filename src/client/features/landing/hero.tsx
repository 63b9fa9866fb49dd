import { campaign } from '#shared/campaign.ts';
import { texts } from '#shared/content/texts.ts';

/**
 * The page's headline as real text beside the picture (above it on narrow screens), never over it.
 * spec §2: the hero image links to the loyalty programme page, in a new tab. The picture is the
 * stylesheet's (landing.css), which the page carries: nothing to fetch before the first paint.
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
        <span className="hero__image" role="img" aria-label={texts.hero.alt} />
        <span className="visually-hidden"> {texts.nav.newTab}</span>
      </a>
    </div>
  );
}
