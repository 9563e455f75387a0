import { Body, Controller, Get, Headers, Param, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  SettingKeyParamsSchema,
  UpsertSettingBodySchema,
  type SystemSetting,
  type UpsertSettingBody,
} from '@pt/contracts';
import { ZodPipe, requireAdmin } from '@pt/platform';
import { SettingsService } from '../services/settings.service';

type HeaderBag = Record<string, string | string[] | undefined>;

/** §7 all-settings reads and writes; admin only (ARCHITECTURE §6): 401 anonymous, 403 others. */
@Controller('api/v1/admin/settings')
export class AdminSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  list(@Headers() headers: HeaderBag): Promise<SystemSetting[]> {
    requireAdmin(headers);
    return this.settings.all();
  }

  @Get(':key')
  async get(
    @Headers() headers: HeaderBag,
    @Param(new ZodPipe(SettingKeyParamsSchema, 'path parameters')) params: { key: string },
    @Res() res: Response,
  ): Promise<void> {
    requireAdmin(headers);
    // Written by hand: Nest sends an empty body for null, and §8's fallback is a JSON null.
    const setting: SystemSetting | null = await this.settings.get(params.key);
    res.json(setting);
  }

  @Put(':key')
  put(
    @Headers() headers: HeaderBag,
    @Param(new ZodPipe(SettingKeyParamsSchema, 'path parameters')) params: { key: string },
    @Body() body: unknown,
  ): Promise<SystemSetting> {
    requireAdmin(headers);
    const parsed: UpsertSettingBody = new ZodPipe(UpsertSettingBodySchema, 'request body').transform(body);
    return this.settings.put(params.key, parsed.value, parsed.description);
  }
}
