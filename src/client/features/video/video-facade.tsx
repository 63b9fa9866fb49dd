import { useState } from 'react';
import { campaign } from '#shared/campaign.ts';
import { fill } from '#shared/content/template.ts';
import './video.css';
import { texts } from '#shared/content/texts.ts';

/**
 * A click-to-load facade: a local poster and a play button. Nothing is requested from the video host
 * (no cookies, no scripts) until the visitor asks for the film.
 */
export function VideoFacade({
  src = campaign.links.video,
  title = texts.video.frameTitle,
}: {
  src?: string;
  title?: string;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="video">
      {playing ? (
        <iframe
          className="video__frame"
          src={src}
          title={title}
          width="1280"
          height="720"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="video__facade" onClick={() => setPlaying(true)}>
          <span className="video__play" aria-hidden="true" />
          <span className="visually-hidden">{fill(texts.video.play, { title })}</span>
        </button>
      )}
      <p className="video__note">{texts.video.consent}</p>
    </div>
  );
}
