import { BACKOFFICE_CALLS, callWithParams, type BrandSettings } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandSettingsKey } from './get-brand-settings';

/** PUT /bo/api/brands/:brand/settings/logo?version=: the body is the image itself, checked by its bytes. */
export function uploadBrandLogo(brand: string, file: File, version: number): Promise<BrandSettings> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.uploadBrandLogo, { brand }), {
    query: { version },
    rawBody: { data: file, contentType: 'application/octet-stream' },
  });
}

/** DELETE /bo/api/brands/:brand/settings/logo?version=: the site shows the brand's name alone. */
export function removeBrandLogo(brand: string, version: number): Promise<BrandSettings> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.removeBrandLogo, { brand }), { query: { version } });
}

export function useUploadBrandLogo(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version: number }) => uploadBrandLogo(brand, file, version),
    onSuccess: (settings) => client.setQueryData(brandSettingsKey(brand), settings),
  });
}

export function useRemoveBrandLogo(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => removeBrandLogo(brand, version),
    onSuccess: (settings) => client.setQueryData(brandSettingsKey(brand), settings),
  });
}
