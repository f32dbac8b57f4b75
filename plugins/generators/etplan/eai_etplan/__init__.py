"""ET-Plan-Bench's task generation (navigation, manipulation, spatial and temporal constraints) on VirtualHome scenes."""
