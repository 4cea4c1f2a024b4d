import { formatDay } from '../../shared/dates';
import { localeOfIntl } from '../../shared/i18n/locale';
import { queries } from '../../shared/queries';
import { type PageProps, pathTo } from '../../shared/routes';
import { ReportForm } from '../features/report/report-form';
import { useStone } from '../features/stone/api';
import { FormattedMessage, useIntl } from '../lib/intl-react';
import { specQuery } from '../lib/queries';
import { useQuery } from '../lib/query';
import { Link } from '../lib/router';
import { NoticePage } from '../ui/notice-page';

const backLink = 'inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700';

/**
 * /{code}/fund/{findId}/melden: anyone reports a public find of a stone to the operator (and
 * /{code}/fund/{findId}/gemeldet thanks them). A page of its own, so that reporting costs the stone page only a
 * link.
 */
export default function ReportFindPage({ params, screen }: PageProps) {
  const locale = localeOfIntl(useIntl());
  const code = params.code ?? '';
  const findId = params.findId ?? '';
  const { data: stone } = useStone(code);
  const { data: find } = useQuery(specQuery(queries.stoneFind(code, findId)));
  const back = (
    <Link href={pathTo('stone', { code })} className={backLink}>
      <FormattedMessage id="report.back" />
    </Link>
  );
  if (screen === 'findReported') {
    return (
      <NoticePage title={<FormattedMessage id="report.done.title" />} text={<FormattedMessage id="report.done.text" />}>
        {back}
      </NoticePage>
    );
  }
  if (!stone || !find) {
    return (
      <NoticePage title={<FormattedMessage id="report.title" />} text={<FormattedMessage id="report.findGone" />}>
        {back}
      </NoticePage>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="report.title" />
      </h1>
      <p className="mt-3 text-stone-700">
        <FormattedMessage id="report.intro" />
      </p>
      <figure className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
        <figcaption className="text-sm text-stone-600">
          <FormattedMessage id="report.findOf" values={{ title: stone.title }} />
        </figcaption>
        <p className="mt-1 font-medium">
          {find.location} · <time dateTime={find.createdAt}>{formatDay(find.createdAt, locale)}</time>
        </p>
        {find.comment ? <p className="mt-2 whitespace-pre-line text-stone-700">{find.comment}</p> : null}
      </figure>
      <ReportForm code={code} findId={findId} />
      <p className="mt-8">
        <Link href={pathTo('stone', { code })} className="text-amber-800 underline">
          <FormattedMessage id="report.back" />
        </Link>
      </p>
    </div>
  );
}
