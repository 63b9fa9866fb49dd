import { useState } from 'react';
import { campaign, noticeAt, type Notice } from '#shared/campaign.ts';
import { Modal } from '../../components/modal';
import { texts } from '#shared/content/texts.ts';

/**
 * spec §2: on load, a modal with the message of the configured notice period that holds now.
 * `enabled` lets the page hold it back while another modal (the e-mail opt-out) is open, or once it was
 * closed earlier in this visit.
 */
export function NoticeModal({
  enabled = true,
  onDismissed,
  notices = campaign.notices,
  nowMs,
}: {
  enabled?: boolean;
  onDismissed?: () => void;
  notices?: Notice[];
  nowMs: number;
}) {
  const [notice] = useState(() => noticeAt(nowMs, notices));
  const [dismissed, setDismissed] = useState(false);
  const close = () => {
    setDismissed(true);
    onDismissed?.();
  };
  return (
    <Modal open={enabled && !dismissed && notice !== undefined} title={texts.notice.title} onClose={close}>
      <p className="notice__message">{notice?.message}</p>
      <button type="button" className="button" onClick={close}>
        {texts.notice.ok}
      </button>
    </Modal>
  );
}
