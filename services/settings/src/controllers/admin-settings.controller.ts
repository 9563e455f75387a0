import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SystemSetting, UpsertSettingBody } from '@pt/contracts';
import { Endpoint, Input } from '@pt/platform';
import { SettingsService } from '../services/settings.service';

/** §7 all-settings reads and writes; admin only (ARCHITECTURE §6): 401 anonymous, 403 others. */
@Controller()
export class AdminSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Endpoint('GET /api/v1/admin/settings')
  list(): Promise<SystemSetting[]> {
    return this.settings.all();
  }

  @Endpoint('GET /api/v1/admin/settings/{key}')
  async get(@Input('params') params: { key: string }, @Res() res: Response): Promise<void> {
    // Written by hand: Nest sends an empty body for null, and §8's fallback is a JSON null.
    const setting: SystemSetting | null = await this.settings.get(params.key);
    res.json(setting);
  }

  @Endpoint('PUT /api/v1/admin/settings/{key}')
  put(
    @Input('params') params: { key: string },
    @Input('body') body: UpsertSettingBody,
  ): Promise<SystemSetting> {
    return this.settings.put(params.key, body.value, body.description);
  }
}
