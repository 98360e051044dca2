/**
 * The notice beside a form of an island (sign-up, checkout's billing, attendees; DECISIONS 63):
 * the same markup as `FormNotice.astro`, which the Astro pages use beside their forms. The form
 * sends `notice.version` with what it collects.
 */
import { noticeText } from '~/content/ui/notices';
import type { NoticeCopy } from '~/lib/shared/schemas/notice-copy';
import '~/styles/form-notice.css';

export function FormNotice({ notice, id }: { readonly notice: NoticeCopy; readonly id: string }) {
  return (
    <div className="form-notice form-notice--light" id={id} data-notice-version={notice.version}>
      <p className="form-notice__text">
        <strong className="form-notice__heading">{noticeText.heading}:</strong> {notice.summary.join(' ')}{' '}
        <a className="form-notice__link" href={noticeText.policyHref}>
          {noticeText.policyLink}
        </a>
      </p>
      {notice.more.length > 0 && (
        <details className="form-notice__more">
          <summary>{noticeText.more}</summary>
          <ul>
            {notice.more.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
