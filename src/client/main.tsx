import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { INITIAL_DATA_GLOBAL, type InitialData } from '../shared/initial-data';
import { Document } from './document';
import { createQueryClient } from './lib/query-client';
import './styles.css';

declare global {
  interface Window {
    [INITIAL_DATA_GLOBAL]?: InitialData;
  }
}

const data = window[INITIAL_DATA_GLOBAL];
if (!data) throw new Error('initial data missing');
const queryClient = createQueryClient();
for (const { key, data: value } of data.queries) queryClient.setQueryData(key, value);
const { pathname, search, hash } = window.location;

startTransition(() => {
  hydrateRoot(document, <Document data={data} location={{ pathname, search, hash }} queryClient={queryClient} />);
});
