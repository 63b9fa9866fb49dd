import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollToAnchor } from '../../lib/scroll';
import { ContactSection } from './contact-section';
import { Hero } from './hero';
import { RulesSection } from './rules-section';
import './landing.css';
import { texts } from '#shared/content/texts.ts';

/** The sections other features fill; the app shell composes them (features do not import each other). */
export interface LandingSlots {
  banner?: ReactNode;
  modals?: ReactNode;
  video?: ReactNode;
  winners?: ReactNode;
  faq?: ReactNode;
}

export function LandingPage({ banner, modals, video, winners, faq }: LandingSlots) {
  const { hash } = useLocation();
  // Arriving with /#faq: scroll there once the sections exist.
  useEffect(() => {
    if (hash) scrollToAnchor(hash);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival; later clicks scroll themselves
  }, []);

  return (
    <>
      {banner}
      <Hero />
      <RulesSection />
      <section id="wideo" className="section" aria-labelledby="wideo-tytul">
        <h2 id="wideo-tytul">{texts.landing.videoTitle}</h2>
        {video}
      </section>
      <section id="zwyciezcy" className="section" aria-labelledby="zwyciezcy-tytul">
        <h2 id="zwyciezcy-tytul">{texts.landing.winnersTitle}</h2>
        {winners}
      </section>
      <section id="faq" className="section" aria-labelledby="faq-tytul">
        <h2 id="faq-tytul">{texts.landing.faqTitle}</h2>
        {faq}
      </section>
      <ContactSection />
      {modals}
    </>
  );
}
