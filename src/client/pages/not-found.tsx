import { FormattedMessage } from 'react-intl';
import { Link } from '../lib/router';

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-stone-500">404</p>
      <h1 className="mt-4 text-3xl font-bold">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="mt-2 text-stone-600">
        <FormattedMessage id="notFound.text" />
      </p>
      <Link href="/" className="mt-8 inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
        <FormattedMessage id="notFound.home" />
      </Link>
    </div>
  );
}
