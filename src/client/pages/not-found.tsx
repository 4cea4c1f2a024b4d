import { FormattedMessage } from '../lib/intl-react';
import { Link } from '../lib/router';
import { NoticePage } from '../ui/notice-page';

export default function NotFoundPage() {
  return (
    <NoticePage mark="404" title={<FormattedMessage id="core.notFound.title" />} text={<FormattedMessage id="core.notFound.text" />}>
      <Link href="/" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
        <FormattedMessage id="core.notFound.home" />
      </Link>
    </NoticePage>
  );
}
