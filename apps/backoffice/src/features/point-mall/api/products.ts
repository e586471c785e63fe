import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoPointProduct,
  type CreatePointProductRequest,
  type Page,
  type UploadedImage,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pointMallKeys } from './query-keys';

export interface ProductQuery {
  active?: 'all' | 'active' | 'inactive' | undefined;
  cursor?: string | undefined;
}

/** The brand's products in their order. */
export function getProducts(brand: string, query: ProductQuery, signal?: AbortSignal): Promise<Page<BoPointProduct>> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search[key] = String(value);
  return apiRequest(callWithParams(BACKOFFICE_CALLS.pointProducts, { brand }), { query: search, signal });
}

export function useProducts(brand: string, query: ProductQuery) {
  return useQuery({
    queryKey: pointMallKeys.products(brand, query),
    queryFn: ({ signal }) => getProducts(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export type ProductSave = CreatePointProductRequest & { id?: number | undefined; version?: number | undefined };

/** Adds a product (no id) or saves one with the version it was opened at. */
export function saveProduct(brand: string, product: ProductSave): Promise<BoPointProduct> {
  const { id, version, ...fields } = product;
  return id === undefined
    ? apiRequest(callWithParams(BACKOFFICE_CALLS.createPointProduct, { brand }), { body: fields })
    : apiRequest(callWithParams(BACKOFFICE_CALLS.updatePointProduct, { brand, productId: id }), {
        body: { ...fields, version },
      });
}

export function useSaveProduct(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductSave) => saveProduct(brand, product),
    onSettled: () => client.invalidateQueries({ queryKey: pointMallKeys.all(brand) }),
  });
}

/** POST …/point-mall/images: the body is the picture; answers where the site loads it. */
export function uploadProductImage(brand: string, file: Blob): Promise<UploadedImage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.uploadPointProductImage, { brand }), {
    rawBody: { data: file, contentType: 'application/octet-stream' },
  });
}

export function useUploadProductImage(brand: string) {
  return useMutation({ mutationFn: (file: Blob) => uploadProductImage(brand, file) });
}
