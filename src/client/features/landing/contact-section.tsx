import { campaign } from '#shared/campaign.ts';
import { texts } from '#shared/content/texts.ts';

/** spec §2 "Contact section": e-mail, call centre, postal address with the lottery's name in capitals. */
export function ContactSection() {
  const { contact } = campaign;
  return (
    <section id="kontakt" className="section contact" aria-labelledby="kontakt-tytul">
      <h2 id="kontakt-tytul">{texts.landing.contactTitle}</h2>
      <div className="contact__grid">
        <div className="contact__card">
          <h3>{texts.contact.emailLabel}</h3>
          <p>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
        </div>
        <div className="contact__card">
          <h3>{texts.contact.phoneLabel}</h3>
          <p>
            <a href={`tel:+48${contact.phone.replace(/\D/g, '')}`}>{contact.phone}</a>
            <br />
            {contact.phoneHours}
            <br />
            {contact.phoneCost}
          </p>
        </div>
        <div className="contact__card">
          <h3>{texts.contact.postalLabel}</h3>
          <address>
            {contact.postalName}
            <br />
            {contact.postalStreet}
            <br />
            {contact.postalCity}
            <br />
            <strong>{texts.contact.postalNote}</strong>
          </address>
        </div>
      </div>
    </section>
  );
}
