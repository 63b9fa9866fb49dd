import { campaign } from '#shared/campaign.ts';
import { RichText } from '../../components/rich-text';
import { texts, rules } from '#shared/content/texts.ts';

/** spec §2 "Rules section": two numbered lists (4 and 5 steps) and the 6-days / 10 October note. */
export function RulesSection() {
  return (
    <section id="zasady" className="section rules" aria-labelledby="zasady-tytul">
      <h2 id="zasady-tytul">{texts.landing.rulesTitle}</h2>
      <p className="rules__intro">{rules.intro}</p>
      <div id="wez-udzial" className="rules__lists">
        {rules.lists.map((list) => (
          <div key={list.title} className="rules__card">
            <h3>{list.title}</h3>
            <ol className="rules__steps">
              {list.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        ))}
      </div>
      <p className="rules__note">
        <RichText text={rules.note} bolded={rules.noteBold} />
      </p>
      <div className="rules__winto">
        <a
          className="rules__winto-link"
          href={campaign.links.loyaltyProgramme}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="rules__winto-image" role="img" aria-label={texts.hero.wintoAlt} />
          <span className="visually-hidden"> {texts.nav.newTab}</span>
        </a>
        <p>{texts.hero.wintoText}</p>
      </div>
    </section>
  );
}
