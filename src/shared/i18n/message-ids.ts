// The German catalogs (every namespace's reference language) as types: a message id the code names must be one of
// their keys, so a typo or a text that moved is a type error. tests/unit/catalogs.test.ts keeps this list equal to
// the table of namespaces (namespaces.ts).

import type affiliate from './affiliate/de.json';
import type blog from './blog/de.json';
import type collection from './collection/de.json';
import type consent from './consent/de.json';
import type creation from './creation/de.json';
import type core from './de.json';
import type developer from './developer/de.json';
import type findDialog from './find-dialog/de.json';
import type findKept from './find-kept/de.json';
import type findPhoto from './find-photo/de.json';
import type findPlace from './find-place/de.json';
import type geo from './geo/de.json';
import type guide from './guide/de.json';
import type home from './home/de.json';
import type journeyChart from './journey-chart/de.json';
import type layout from './layout/de.json';
import type legal from './legal/de.json';
import type mailLinks from './mail-links/de.json';
import type olderFinds from './older-finds/de.json';
import type operator from './operator/de.json';
import type owner from './owner/de.json';
import type ownerLink from './owner-link/de.json';
import type report from './report/de.json';
import type stone from './stone/de.json';
import type stoneAside from './stone-aside/de.json';
import type stoneFields from './stone-fields/de.json';
import type stoneMap from './stone-map/de.json';
import type stoneParts from './stone-parts/de.json';
import type welcome from './welcome/de.json';

/** The id of an interface text: its namespace, then its name in the namespace's catalog (`stone-map.loading`). */
export type MessageId =
  | keyof typeof core
  | keyof typeof operator
  | keyof typeof affiliate
  | keyof typeof blog
  | keyof typeof collection
  | keyof typeof consent
  | keyof typeof creation
  | keyof typeof developer
  | keyof typeof findDialog
  | keyof typeof findKept
  | keyof typeof findPhoto
  | keyof typeof findPlace
  | keyof typeof geo
  | keyof typeof guide
  | keyof typeof home
  | keyof typeof journeyChart
  | keyof typeof layout
  | keyof typeof legal
  | keyof typeof mailLinks
  | keyof typeof olderFinds
  | keyof typeof ownerLink
  | keyof typeof owner
  | keyof typeof report
  | keyof typeof stoneAside
  | keyof typeof stoneFields
  | keyof typeof stoneMap
  | keyof typeof stoneParts
  | keyof typeof stone
  | keyof typeof welcome;
