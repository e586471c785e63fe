import { ANNOUNCEMENT_TYPES, type AnnouncementType } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AnnouncementEditor, AnnouncementsList, BannerOrder, HelpEditor, HelpList } from '../../features/content/index';
import { usePageTitle } from '../../lib/page-title';
import type { BrandRef } from '../../lib/session';
import { RequireBrand, RequirePermission } from '../layout/require-permission';
import { NotFoundPage } from './not-found-page';

// The Content section's pages (content.read; content.write to change): a brand's announcements, the banners'
// order and the help centre, under /brands/:brand/content.

function ContentFrame({ children }: { children: (brand: BrandRef) => ReactNode }) {
  const { t } = useTranslation('content');
  usePageTitle(t('title'));
  return (
    <RequirePermission permission="content.read">
      <RequireBrand>{children}</RequireBrand>
    </RequirePermission>
  );
}

/** `new`, or an id; anything else is no page. */
function idOf(param: string | undefined): number | null | undefined {
  if (param === 'new') return null;
  return param && /^\d{1,15}$/.test(param) ? Number(param) : undefined;
}

export function ContentPage() {
  return <ContentFrame>{(brand) => <AnnouncementsList brand={brand.code} brandName={brand.name} />}</ContentFrame>;
}

export function AnnouncementPage() {
  const id = idOf(useParams().id);
  const type = useSearchParams()[0].get('type') ?? '';
  const initialType = (ANNOUNCEMENT_TYPES as readonly string[]).includes(type) ? (type as AnnouncementType) : 'PL';
  if (id === undefined) return <NotFoundPage />;
  return (
    <ContentFrame>
      {(brand) => <AnnouncementEditor key={id ?? 'new'} brand={brand.code} id={id} initialType={initialType} />}
    </ContentFrame>
  );
}

export function BannersPage() {
  return <ContentFrame>{(brand) => <BannerOrder brand={brand.code} brandName={brand.name} />}</ContentFrame>;
}

export function HelpPage() {
  return <ContentFrame>{(brand) => <HelpList brand={brand.code} brandName={brand.name} />}</ContentFrame>;
}

export function HelpItemPage() {
  const id = idOf(useParams().id);
  if (id === undefined) return <NotFoundPage />;
  return <ContentFrame>{(brand) => <HelpEditor key={id ?? 'new'} brand={brand.code} id={id} />}</ContentFrame>;
}
