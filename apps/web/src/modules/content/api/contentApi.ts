import {
  AchieversResponse,
  MessageResponse,
  NewsItem,
  NewsListResponse,
  SupportListResponse,
  SupportMessage,
} from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { postForm } from './upload';

export const contentKeys = {
  news: ['content', 'news'] as const,
  support: ['content', 'support'] as const,
  achievers: ['content', 'achievers'] as const,
};

export type NewsEntry = z.infer<typeof NewsItem>;
export type SupportEntry = z.infer<typeof SupportMessage>;
export interface NewsValues {
  title: string;
  body: string;
  published: boolean;
}

const NewsSaved = z.object({ message: z.string(), news: NewsItem });
const SupportSaved = z.object({ message: z.string(), support: SupportMessage });
const AchieverSaved = AchieversResponse.extend({ message: z.string() });

// ---- news

export function useNewsList() {
  return useQuery({
    queryKey: contentKeys.news,
    queryFn: ({ signal }) => apiRequest('/news/list', { schema: NewsListResponse, signal }),
    select: (d) => d.news,
  });
}

export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: NewsValues }) =>
      id === null
        ? apiRequest('/news/add', { method: 'POST', body: values, schema: NewsSaved })
        : apiRequest(`/news/${id}`, { method: 'PUT', body: values, schema: NewsSaved }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.news }),
  });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/news/${id}`, { method: 'DELETE', schema: MessageResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.news }),
  });
}

// ---- support messages

export function useSupportList() {
  return useQuery({
    queryKey: contentKeys.support,
    queryFn: ({ signal }) => apiRequest('/support/list', { schema: SupportListResponse, signal }),
    select: (d) => d.support,
  });
}

export interface SupportUpdate {
  reply?: string;
  status?: SupportEntry['status'];
}

export function useUpdateSupport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SupportUpdate }) =>
      apiRequest(`/support/${id}`, { method: 'PUT', body, schema: SupportSaved }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.support }),
  });
}

// ---- achievers

export function useAchievers() {
  return useQuery({
    queryKey: contentKeys.achievers,
    queryFn: ({ signal }) => apiRequest('/achivers/list', { schema: AchieversResponse, signal }),
    select: (d) => d.achievers,
  });
}

export function useAddAchiever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, title, image }: { name: string; title: string; image: File }) => {
      const form = new FormData();
      form.append('name', name);
      form.append('title', title);
      form.append('image', image);
      return postForm('/achivers/add', form, AchieverSaved);
    },
    onSuccess: (res) => queryClient.setQueryData(contentKeys.achievers, { achievers: res.achievers }),
  });
}

export function useDeleteAchiever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/achivers/${id}`, { method: 'DELETE', schema: MessageResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.achievers }),
  });
}
